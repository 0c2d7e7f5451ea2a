"""Human review in the stream (issue 19): hold detected documents, correct them in a web application,
release them to coreference and anonymization, and learn from the corrections.

- :mod:`app.review.policy`: which detected documents are held (pure, no I/O).
- :mod:`app.review.session`: one held document under review: entity and chain edits, preview, release.
- :mod:`app.review.queue`: the held documents read back from the ``documents.review`` topic.
- :mod:`app.review.lease`: the Redis lease that keeps two reviewers off one document.
- :mod:`app.review.audit`: the append-only audit log (who, when, what changed; never document text).
- :mod:`app.review.corrections`: detected-vs-released differences, stored encrypted as training data.
- :mod:`app.review.web`: the FastAPI application (``anonymizer review``).
- :mod:`anontools.review.finetune`: fine-tune a language's NER model on the corrections.

Dias ("Multilingual Automated Text Anonymization", MSc thesis, IST Lisbon, 2016) built a multi-user browser
annotation tool backed by a database ("Unannotator", §3.3.3) and names active learning from reviewers'
feedback (§2.4) as the way to improve detection; Douglass et al. ("Computer-Assisted De-identification of
Free Text in the MIMIC II Database", Computers in Cardiology 2004) found human redactors alone at 98 % of
identifiers and 100 % with an automated assistant. This package is that loop inside the stream.
"""
