# The compiled build's declarations of zank/working.py (Cython's pure-Python mode):
# Working an extension type, so that a compiled kernel that declares it
# (``cimport`` in its own .pxd) reads and writes the fields as struct members.
# The fields hold Python objects, as a State's do: the same values in both builds.
cdef class Working:
    cdef public object rules, players, piles, down, to_move, phase, info, rng, ply, turn
    cdef public object outcome, kept
