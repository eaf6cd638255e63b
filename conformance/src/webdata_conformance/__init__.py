"""Conformance suite of the Web Data Service API v2.

Black-box: it talks to a server over HTTP only, with the contract's bundle (shipped with
``webdata_models``) and the rules of the source document. Run it with ``webdata-conformance``.
"""

__all__: list[str] = []
