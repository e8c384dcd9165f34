"""The Home page's subject: the four forms of sequence modelling (``forms``) and order vs a bag of
embeddings (``order``)."""
