"""Review experiments: a scripted reviewer and fine-tuning on reviewers' corrections (not runtime)."""
