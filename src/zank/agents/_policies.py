"""Imports every variant's greedy policy so that each registers itself."""

from __future__ import annotations

from zank.agents import spite as spite
from zank.family import greedy_classic as greedy_classic
from zank.family import greedy_detailed as greedy_detailed
from zank.family import greedy_zank104 as greedy_zank104
