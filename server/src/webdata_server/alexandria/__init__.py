"""Alexandria: the catalogue of data providers a search finds (:mod:`.catalogue`), what each
capability answers when run (:mod:`.records`), the ``find-tools`` capability (:mod:`.find`) and
the runs kept for replays (:mod:`.runs`). Each is imported where it is used: the catalogue is
loaded by the first search or run that reads it, not with the server."""
