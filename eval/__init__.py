"""Accuracy of the extraction engine on the generated corpus (see ``eval.run``)."""
