"""Both directions and beyond: the bidirectional cloze (``cloze``) and the cost of length
(``scaling``). Each ships its own files."""
