# The compiled build's declarations of zank/agents/spite.py (Cython's pure-Python
# mode): the policy's view of an observation an extension type whose numbers are C
# values, its score a C method; the rules' kernel tables cimported so that the view
# reads their fields in C.
from zank.spite_malice cimport _Tables

cdef class _View:
    cdef public tuple hand
    cdef public list sides, needs, first_of_rank
    cdef public set danger
    cdef public Py_ssize_t pay_top, first_free, sides_in_use
    cdef public bint piles_full, opponent_ace
    cdef Py_ssize_t _key(self, move)
