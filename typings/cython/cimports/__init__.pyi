# Cython's cimports in pure-Python mode (compiled build only): what zank uses.
