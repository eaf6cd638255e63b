"""One module per operation of the tag, each holding its OPERATION."""
