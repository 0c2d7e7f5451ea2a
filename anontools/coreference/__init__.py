"""Coreference evaluation: gold chains (``eval/coreference``) and B³ (not runtime)."""
