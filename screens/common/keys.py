"""The keys that pick actions in a decision panel, in order.

Board commands use u (undo), w (save), q (menu) and ? (help), so those letters are left out.
"""

ACTION_KEYS = "1234567890abcdefghijklmnoprstvxyz"

