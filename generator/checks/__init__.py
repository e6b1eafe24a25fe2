"""The checks that span content files, one module per kind; validate.py runs them all on a
Draft, collecting every error in one Run."""
