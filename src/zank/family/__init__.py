"""The Zank-Patience family: one shared table (:mod:`zank.family.table`) and
the variants built on it (:mod:`zank.family.detailed` …)."""

from __future__ import annotations
