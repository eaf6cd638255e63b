"""The data types of the contract: those of ``webdata_models``, one type story for both packages.

Request models refuse unknown fields and coerce nothing; responses are read with unknown fields kept
(``model_extra``) and open enums, so that a newer server does not break an older client.
"""

from webdata_models import *  # noqa: F403
