"""A confirm button's ticket (host/confirmations.py): read back exactly, bounded, and a button without one is stale."""
from __future__ import annotations

import pytest

from host.confirmations import LEAVE_KINDS, LeaveTicket



@pytest.mark.parametrize("kind", LEAVE_KINDS)
def test_a_ticket_reads_back_and_fits_a_custom_id(kind):
    ticket = LeaveTicket(10**15, kind, 1_790_000_000_123, 1_790_000_999_999)
    assert LeaveTicket.parse(ticket.custom_id) == ticket
    assert len(ticket.custom_id) <= 100  # Discord's longest custom id


@pytest.mark.parametrize("custom_id", ["lv:1", "lv:1:9:2:3", "lv:1:0:2", "lv:1:0:" + "9" * 4400 + ":1", "mv:1:0:2:3"])
def test_a_button_without_a_readable_ticket_has_none(custom_id):
    assert LeaveTicket.parse(custom_id) is None
