"""A transfer's document is the caller's own: changing one changes no other."""

from scorekeeper.documents import hand_document, transfer_to_json

from .conftest import play


def test_each_transfer_document_is_a_new_dict():
    ledger = play("kratzen", [{"indicator": "KC", "tricks": ["Ben", "Ben", "Cleo", "Dora"]}],
                  rotations=1)
    transfer = ledger.settlements[0].transfers[0]
    first = transfer_to_json(transfer)
    first["amount"] = "changed"
    assert transfer_to_json(transfer)["amount"] != "changed"
    assert hand_document(ledger.settlements[0])["transfers"][0]["amount"] != "changed"
