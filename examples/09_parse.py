"""Every document of a folder to markdown (the sample files the server ships), with its page count
and cost; a file parse does not take is reported, not fatal."""

from webdata_client import Webdata, errors
from webdata_server.samples import FOLDER

with Webdata() as client:
    for path in sorted(FOLDER.glob("*.*")):
        try:
            document = client.parse(path, parsers=[{"type": "pdf", "maxPages": 2}])
        except errors.BadRequestError as refused:
            print(f"{path.name}: refused ({refused.code})")
            continue
        first = (document.markdown or "").splitlines()[0]
        print(f"{path.name}: {document.metadata.num_pages or 1} page(s), {document.metadata.credits_used} credit(s), {first!r}")
