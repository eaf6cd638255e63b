"""The operations of the contract, one module per operation under its tag."""
