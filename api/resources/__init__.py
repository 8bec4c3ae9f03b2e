"""One module per resource group of interface.md section 4."""
