"""Imports every variant module so that each registers itself in :data:`zank.VARIANTS`."""

from __future__ import annotations

from zank import spite_malice as spite_malice
from zank.family import classic as classic
from zank.family import crapette as crapette
from zank.family import detailed as detailed
from zank.family import schikanieren as schikanieren
from zank.family import zank104 as zank104
