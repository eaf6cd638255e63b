"""``python -m webdata_server.samples [folder]``: write the sample files again."""

from webdata_server.samples import main

main()
