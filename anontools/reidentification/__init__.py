"""Re-identification experiments: the round-trip evaluation on Europarl and the binding cases (not runtime)."""
