"""OpenSpiel's Python observers of the adapter's views (:mod:`zank.adapters.openspiel`,
whose module docs describe the views): made by ``ZankGame.make_py_observer``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pyspiel

import zank
from zank.adapters._deal import _Context
from zank.errors import quote

if TYPE_CHECKING:
    from zank.adapters.openspiel import ZankState


class _Observer:
    """OpenSpiel's Python observer of one of the adapter's views (see the module docs).

    ``IIGObservationType`` (``None``: one seat's observation):

    * ``perfect_recall=False``, public, ``SINGLE_PLAYER``: the seat's observation;
    * ``perfect_recall=True``, public, ``SINGLE_PLAYER``: its information state
      (the bounded string, the knowledge tensor);
    * ``perfect_recall=False``, public, ``NONE``: the public view;
    * ``perfect_recall=False``, public, ``ALL_PLAYERS``: every seat's view together;
    * ``perfect_recall=True``, public, ``NONE`` or ``ALL_PLAYERS``: the string is
      the view's string and the digest of its record (:meth:`ZankState.information_text`
      with ``view``), the tensor the view's observation vector (not perfect recall).

    ``public_info=False`` raises :class:`~zank.errors.OptionError` (a
    :class:`ValueError`): no view leaves the public cards out.
    """

    def __init__(self, ctx: _Context, iig_obs_type: Any, params: Any) -> None:
        if params:
            raise zank.OptionError(f"zank observers take no parameters, not {quote(params)}")
        self.perfect_recall = False
        self.view = "seat"
        if iig_obs_type is not None:
            private = iig_obs_type.private_info
            self.perfect_recall = bool(iig_obs_type.perfect_recall)
            if not iig_obs_type.public_info:
                raise zank.OptionError(
                    "zank observers always show the public cards (public_info=True)"
                )
            if private == pyspiel.PrivateInfoType.NONE:
                self.view = "public"
            elif private == pyspiel.PrivateInfoType.ALL_PLAYERS:
                self.view = "all"
        if self.perfect_recall and self.view == "seat":
            knowledge = ctx.knowledge
            self.tensor = np.zeros(knowledge.size, dtype=np.float32)
            self.dict: dict[str, npt.NDArray[np.float32]] = {}
            start = 0
            for name, shape in knowledge.shape():
                size = int(np.prod(shape))
                self.dict[name] = self.tensor[start : start + size].reshape(shape)
                start += size
        else:
            self.tensor = np.zeros(ctx.encoder.size, dtype=np.float32)
            self.dict = {"observation": self.tensor}

    def set_from(self, state: ZankState, player: int) -> None:
        """Fill :attr:`tensor` with the vector of ``player``'s view."""
        if self.perfect_recall and self.view == "seat":
            state.encode_information(player, self.tensor)
        else:
            state.encode(player, self.tensor, self.view)

    def string_from(self, state: ZankState, player: int) -> str:
        """The string of ``player``'s view (or information state)."""
        if self.perfect_recall:
            return state.information_text(player, self.view)
        return state.view_text(player, self.view)
