"""tabletop: a terminal hot-seat client for four samurai tabletop games."""

__version__ = "0.1.0"
