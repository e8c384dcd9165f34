"""The "both directions and beyond" page's settings."""

from playground.beyond.cloze import MAX_SENTENCE
from playground.core.settings import PageState, Setting, guess

# the boxes take what the library reads (cloze.MAX_SENTENCE), and say so
CLOZE_TEXT = Setting("beyond_cloze_text", "我在__工作", max_chars=MAX_SENTENCE)
CLOZE_K = Setting("beyond_cloze_k", 2, 1, 4)  # blank length; cloze.fill takes 1 to 4
GEN_PROMPT = Setting("beyond_gen_prompt", "我想", max_chars=MAX_SENTENCE)
COST_LONGEST = Setting("beyond_cost_longest", 1024, options=(256, 1024, 4096, 16384))
KV_WIDTH = Setting("beyond_kv_width", 512, options=(256, 512, 1024, 4096))

# the "predict first" answer (issue 26): "" while unanswered, so a link without it opens the question unanswered
GUESS = guess("beyond_guess")

STATE = PageState("beyond", (CLOZE_TEXT, CLOZE_K, GEN_PROMPT, COST_LONGEST, KV_WIDTH, GUESS))
