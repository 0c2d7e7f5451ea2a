"""One module per anonymization method."""
