"""Developer and research tools of the anonymizer: not part of the runtime package, its wheel or its image.

The runtime is ``app`` (stages, worker, ``anonymizer`` command, review application), ``agents`` (the Faust agents)
and ``models`` (Kafka records). Everything here only *uses* the runtime, never the other way round
(``tests/unit/test_package_split.py``):

- :mod:`anontools.devtools` — local broker (Tansu) and Redis, the demo, the benchmark, stage profiles, fault
  scenarios, the machine-translation stand-in;
- :mod:`anontools.detection` — NER corpora, word vectors, training, ensembles, evaluation, comparisons, name swaps;
- :mod:`anontools.coreference` — gold chains and B³ evaluation;
- :mod:`anontools.reidentification` — the round-trip evaluation and the binding cases;
- :mod:`anontools.review` — the scripted review and fine-tuning on reviewers' corrections.

One command reaches them all: ``anonymizer-dev`` (:mod:`anontools.cli`), installed by ``make install``
(``pip install -e ./tools``, distribution ``anonymizer-tools``).
"""
