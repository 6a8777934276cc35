"""Play over the network: a host holds the one store, remote seats join it.

``protocol`` defines the messages; ``host`` serves a store (``TableHost``); ``client``
joins a seat (``Connection``, ``RemoteStore``). No Textual in this package.
"""
