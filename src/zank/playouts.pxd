# The extension types zank/playouts.py declares its game loop's locals with.
from zank.random cimport Rng
from zank.working cimport Working
