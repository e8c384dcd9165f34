"""How big ``python -m bench`` runs each part: ``FULL`` (the figures docs/ quotes) and ``SMOKE``
(``--smoke``: every step of every part at its smallest size, a few minutes in all, so that CI
notices a part a refactor broke: tests/browser/test_bench_smoke.py). The values are passed down to
each part's functions as parameters; a part's own defaults are its full size."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Sizes:
    pages: tuple[str, ...] | None = None  # latency, memory, browsers, resting memory: the pages walked (None: all)
    rounds: int = 3  # cold start, two-1s training (median reported), latency (best kept): repetitions
    fast_rounds: int = 5  # the quick speed figures repeat at least this often
    changes: int = 20  # latency: widget changes per page
    new_texts: int = 10  # latency: new texts typed into each heavy page (bench/new_text.py)
    extra_sessions: int = 3  # memory: sessions walking every page after the first (>= 1: growth per session)
    memory_models: tuple[str, ...] | None = None  # memory: the shipped models weighed, each in its own process (None: all)
    memory_walk: bool = True  # memory: one visitor working every page on a fresh server, its peak RSS
    sample_chars: int = 2000  # speed: characters per char-LM sample
    test_sentences: int | None = None  # speed: translation's test split (None: all of it)
    students: int = 30  # load: light sessions ...
    minutes: float = 3.0  # ... for this long
    replica_students: int = 60  # replicas: light sessions through HAProxy ...
    replica_minutes: float = 3.0  # ... for this long, ...
    replica_kill_at: float | None = 90.0  # ... one replica killed this many seconds in (None: none); ...
    replica_compare: bool = True  # ... then the same class on one process
    class_students: int = 100  # class: light students answering a question through the replicas ...
    class_window_s: float = 30.0  # ... within this long, ...
    class_stores: tuple[str, ...] = ("sqlite", "redis")  # ... for each class store ...
    class_questions: tuple[str, ...] = ("home", "gradients")  # ... and question (bench/class_poll.py QUESTIONS), ...
    class_rounds: int = 4  # ... in this many pairs of classes, without a poll and with one (4: p95 over 440 answers each)
    browsers: int = 20  # browsers: Chromium sessions walking every page
    longest_job: bool = True  # browsers: each trains the longest two-1s job the form offers (False: shortest)
    attackers: int = 12  # abuse: the fair-CPU attack ...
    attack_s: float = 60.0  # ... its length after ...
    attack_warmup_s: float = 10.0  # ... a warm-up, the victim alone for ...
    victim_alone_s: float = 20.0
    gradient_seeds: int = 3  # abuse: seed changes in the gradients lab's memory check
    flood_rows: int = 5000  # abuse: rows a forged client adds to the data editor
    cloze_inputs: int = 60  # abuse: distinct cloze inputs before the resting memory
    rest_s: float = 5.0
    waiting: int = 30  # abuse, fair training: sessions waiting in line ...
    waiting_s: float = 45.0  # ... while the victim reviews this long
    churners: int = 12  # abuse, fresh sessions: clients opening a dear page anew, ...
    churn_s: float = 60.0  # ... for this long after ...
    churn_warmup_s: float = 10.0  # ... a warm-up; the victim alone for ...
    churn_alone_s: float = 20.0
    series_rest_s: float = 30.0  # abuse: the first server's rest after every attack
    forged: int = 10  # abuse, made-up identities: tiny jobs queued under made-up cookies ...
    forged_heavy: int = 4  # ... and char-LM jobs
    flood_sessions: int = 24  # abuse, memory: sessions sending the largest accepted text at once ...
    flood_after_s: float = 60.0  # ... and the RSS this long after they left
    # abuse, issue 52's attacks: those run (None: all of bench/abuse_class.py FINDINGS), at these sizes (its FULL says
    # what each is)
    attacks: tuple[str, ...] | None = None
    download_s: float = 15.0
    shed_hold_s: float = 40.0
    shed_flip_s: float = 60.0
    shed_students: int = 20
    stuffed_cookies: int = 255
    stuffed_cookieless: int = 30
    stuffed_cap: int = 120  # the class's voters per address (120: the store's default, the teacher sets no other)
    shared_spend: bool = True
    shared_span_jobs: int = 10
    console_tabs: int = 12
    console_s: float = 30.0
    console_alone_s: float = 10.0
    creation_s: float = 20.0
    purge_classes: int = 100_000
    heldout_sentences: int | None = None  # held-out: the translators' test sources (None: the whole split)
    cloud_pythons: tuple[str, ...] = ("3.11", "3.12", "3.13")
    cloud_online: bool = True  # clean venvs from the package index (False: the offline checks only)
    image_build: bool = True  # image: build and run the container (False: the commands only)


FULL = Sizes()
# every step still runs: one round, two changes (one each way), a few seconds of each load
SMOKE = Sizes(
    pages=("home", "gradients", "sentiment"),  # the default page's address, a slider, a text box
    rounds=1, fast_rounds=1, changes=2, new_texts=1, extra_sessions=1, sample_chars=60, test_sentences=4,
    memory_models=("two_ones", "sentiment_zh_lstm"),  # a file of weights and one with a vocabulary
    memory_walk=False,  # CI walks every page with it (tests/browser/test_peak_memory.py), the report's line checked
    students=2, minutes=0.1, browsers=1, longest_job=False,
    # CI's smoke leaves this part to tests/browser/test_replicas.py (the same replicas.run, with the kill
    # and restart, its figures checked against the report's); ``--smoke --only replicas`` runs it small
    replica_students=4, replica_minutes=0.1, replica_kill_at=None, replica_compare=False,
    class_students=3, class_window_s=3.0, class_stores=("sqlite",), class_questions=("home",), class_rounds=1,
    attackers=1, attack_s=2.0, attack_warmup_s=0.5, victim_alone_s=1.5, gradient_seeds=1, flood_rows=20,
    cloze_inputs=2, rest_s=0.5, waiting=1, waiting_s=2.0,
    churners=1, churn_s=2.0, churn_warmup_s=0.5, churn_alone_s=1.5, series_rest_s=1.0, forged=2, forged_heavy=1,
    flood_sessions=2, flood_after_s=2.0,
    # of issue 52's attacks, those CI runs nowhere else: tests/browser/test_abuse_class.py runs the poll's three at a
    # quick size (their goals asserted), tests/browser/test_replicas.py the rebalancer's sheds (its first needs 30 s)
    attacks=("downloads", "shared_address", "small"), download_s=3.0, shared_spend=False, shared_span_jobs=2,
    heldout_sentences=8,
    cloud_pythons=("3.11",), cloud_online=False,  # CI cannot count on the package index
    image_build=False,  # minutes and root's podman; the build's commands are tested (tests/test_image_bench.py)
)
