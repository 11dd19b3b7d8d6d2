# The compiled build's declarations of zank/random.py (Cython's pure-Python mode):
# Rng an extension type, its state a C integer, below() callable in C by a caller
# that declares the type (and still overridable by a Python subclass).
cdef class Rng:
    cdef public unsigned long long state
    cpdef object below(self, object n)
