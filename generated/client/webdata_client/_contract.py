"""What the client takes from the contract besides its operations.

Written by the generator's client stage from the bundle (generator/client.py). Do not edit.
"""

# The contract's first server: where a client goes when given no base URL.
DEFAULT_BASE_URL = "http://127.0.0.1:3002"
