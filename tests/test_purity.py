"""The pure core does no I/O: it imports neither textual nor tinydb (nor anything that does)."""

import subprocess
import sys
import textwrap

CORE = ["scorekeeper.i18n", "scorekeeper.cards", "scorekeeper.amounts", "scorekeeper.rules",
        "scorekeeper.referee", "scorekeeper.ledger", "scorekeeper.documents",
        "scorekeeper.chain", "scorekeeper.history", "scorekeeper.sessionfile", "scorekeeper.audit",
        "scorekeeper.presentation", "scorekeeper.showtext", "scorekeeper.eveningwords",
        "scorekeeper.countwords", "scorekeeper.handwords", "scorekeeper.settlewords",
        "scorekeeper.guidewords", "scorekeeper.sessionview", "scorekeeper.export",
        "scorekeeper.export.source",
        "scorekeeper.export.data", "scorekeeper.export.pages", "scorekeeper.export.bean",
        "scorekeeper.export.night", "scorekeeper.script",
        "scorekeeper.chart", "scorekeeper.settleup", "scorekeeper.season",
        "scorekeeper.seasonnames", "scorekeeper.seasonevening", "scorekeeper.seasonformats",
        "scorekeeper.seasonplayers"]


def test_the_core_imports_neither_textual_nor_tinydb():
    code = textwrap.dedent(f"""
        import sys
        for name in {CORE!r}:
            __import__(name)
        bad = sorted(m for m in sys.modules
                     if m.split('.')[0] in ('textual', 'tinydb', 'filelock', 'platformdirs'))
        print(','.join(bad))
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == ""
