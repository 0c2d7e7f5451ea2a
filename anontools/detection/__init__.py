"""Tools of the NER models: corpora, word vectors, training, ensembles, evaluation and comparisons (not runtime)."""
