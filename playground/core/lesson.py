"""What a lesson says about itself, once: its manifest (``LESSON`` in ``playground/<lesson>/__init__.py``).

The house (``playground.lessons``) reads the manifests of the lessons in its one ordered tuple and
builds from them the app's page list, the strings, the shipped-model registry, the job slots, the
caches shared between visitors, the lecture map and the class console. Pure data: nothing here
imports a lesson or knows one by name.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType

Text = tuple[str, str]  # (中文, English)
Where = tuple[str, str, int]  # (lecture text, part id, the place's order among that part's places)


@dataclass(frozen=True)
class Place:
    """One place of a lesson's page that shows a part of a lecture text: the header ``anchor`` it
    scrolls to, the ``settings`` its link carries (as the page's address writes them), what it
    shows, and ``at``: the parts of the lecture texts it shows. ``press``: the i18n key of the
    button the place needs pressed (it runs on request), its ``{fields}`` in ``press_fields``."""

    name: str  # unique in its lesson: lecture_map.place("charlm", "compare")
    anchor: str
    what: Text
    at: tuple[Where, ...] = ()
    settings: tuple[tuple[str, str], ...] = ()
    press: str | None = None
    press_fields: tuple[tuple[str, object], ...] = ()
    page: str = ""  # the lesson's key, filled in by its manifest


def place(name: str, anchor: str, zh: str, en: str, *, at: tuple[Where, ...] = (), press: str | None = None,
          press_fields: Mapping[str, object] | None = None, **settings: object) -> Place:
    """A ``Place``, its settings written as keyword arguments (``home_form="one_to_many"``)."""
    return Place(name, anchor, (zh, en), tuple(at), tuple((key, str(value)) for key, value in settings.items()), press,
                 tuple((press_fields or {}).items()))


@dataclass(frozen=True, eq=False)
class Lesson:
    """A lesson's manifest. ``package``: the lesson package's ``__name__`` (its last part is the
    lesson's key, the url path and the name of ``pages/<key>.py``)."""

    package: str
    icon: str  # a Material icon, ":material/...:"
    # what a page test does to prove the main interaction changes the page: a widget key and a value
    main_widget: str | None = None
    main_value: object = None
    default: bool = False  # the page served at "/" (Home)
    url_path: str = ""  # where it is served; "" for the key (pages/<key>.py: a fresh server resolves deep links by it)
    # the shipped models: registry group (what ``python -m playground.train <group>`` takes) -> the module
    # that ships it (SHIPPED, load, build: ``playground.registry``), in build order
    shipped: Mapping[str, str] = field(default_factory=dict)
    job_slots: tuple[str, ...] = ()  # the background-job slots its page starts (a session runs one job a slot)
    # the classes of the models its page hands to results shared between visitors, by dotted name: such a
    # cache keys each by its server-wide identity (``playground.core.identity``)
    model_classes: tuple[str, ...] = ()
    places: tuple[Place, ...] = ()  # its lecture-map entries
    # the anchors of the sections its page keeps collapsed until its predict-first question is answered:
    # a link to one opens the question skipped
    behind_question: tuple[str, ...] = ()
    # the place that teaches what its predict-first question asks: a run-sheet asks it there, never before
    question_place: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "url_path", self.url_path or self.key)
        object.__setattr__(self, "shipped", MappingProxyType(dict(self.shipped)))
        object.__setattr__(self, "places", tuple(replace(p, page=self.key) for p in self.places))
        names = [p.name for p in self.places]
        if len(set(names)) != len(names):
            raise ValueError(f"{self.package}: a place name is used twice: {names}")
        if self.question_place and self.question_place not in names:
            raise ValueError(f"{self.package}: its question's place {self.question_place!r} is not one of {names}")

    @property
    def key(self) -> str:
        return self.package.rsplit(".", 1)[-1]

    @property
    def path(self) -> str:
        """Its page file, relative to the repository root (a fresh server resolves deep links by it)."""
        return f"pages/{self.key}.py"

    @property
    def title_key(self) -> str:
        return f"page.{self.key}.title"

    @property
    def blurb_key(self) -> str:
        return f"page.{self.key}.blurb"

    def place(self, name: str) -> Place:
        return next(p for p in self.places if p.name == name)
