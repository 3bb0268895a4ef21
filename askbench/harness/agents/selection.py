"""The fixtures every CLI is run on: the seed's repro and the families where real prompts fail.

Curated, not the whole corpus: each entry stands for a class the issue
names — the long here-string and the long single line, escape and hiding
attacks, MCP calls with long bodies, forwarded asks, a file write, wide and
right-to-left text.
"""

from __future__ import annotations

from pathlib import Path

from ..fixtures.loading import BUILTIN_CORPUS, Fixture, load_discovered

__all__ = ["CURATED", "curated"]

CURATED = (
    "bash/powershell-here-string-report-200-lines",
    "bash/single-line-command-10236-chars",
    "bash/compound-cd-then-rm-build",
    "bash/git-commit-multiline-message",
    "bash/heredoc-kubectl-apply-job-manifest",
    "bash/long-pipeline-nginx-5xx-top-routes",
    "bash/gh-pr-create-body-heredoc-summary-test-plan",
    "bash/minified-json-kubectl-patch",
    "bash/command-substitution-gh-auth-token",
    "adversarial/bash-sgr-conceal-hidden-exfil",
    "adversarial/bash-osc52-clipboard-write-curl-pipe-sh",
    "adversarial/bash-osc8-bel-terminated-disguised-installer",
    "adversarial/bash-csi-cursor-up-erase-line-fake-ls",
    "adversarial/bash-cr-overwrite-rm-rf-home-as-ls",
    "adversarial/bash-backspace-overwrite-rm-to-ls",
    "adversarial/bash-c1-csi-9b-cursor-up-erase",
    "adversarial/bash-bidi-rlo-reverses-extension",
    "adversarial/bash-newline-padding-hides-curl-pipe-bash",
    "adversarial/bash-space-padding-pushes-payload-past-cap",
    "adversarial/bash-unicode-tags-padding",
    "adversarial/bash-homoglyph-cyrillic-a-domain",
    "adversarial/bash-long-and-chain-ends-in-publish",
    "adversarial/bash-trailing-assignments-fill-the-tail-after-curl-pipe-sh",
    "mcp/github-create-issue-long-markdown-body",
    "mcp/github-push-files-huge-multi-file-commit",
    "mcp/postgres-query-long-sql-ctes-window-functions",
    "mcp/slack-post-message-deploy-announcement-mrkdwn",
    "mcp/kubernetes-kubectl-apply-multi-document-cluster-admin-last",
    "forwarded/powershell-here-string-report-200-lines",
    "forwarded/bash-sudo-psql-drop-table",
    "forwarded/mcp-github-create-pull-request-long-body",
    "files/write-300-line-typescript-module",
    "unicode/emoji-zwj-flags-skin-tones-commit-message",
    "unicode/rtl-hebrew-arabic-issue-body",
)


def curated(root: Path = BUILTIN_CORPUS) -> list[Fixture]:
    loaded = [load_discovered(root / f"{name}.json") for name in CURATED]
    return [fixture for fixture in loaded if isinstance(fixture, Fixture)]
