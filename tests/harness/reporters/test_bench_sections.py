"""The bench report's sections measured apart: replaced between their markers, appended, carried over."""

from __future__ import annotations

from pathlib import Path

from askbench.harness.reporters.bench_sections import kept_section, splice

BEGIN, END = "<!-- a -->", "<!-- /a -->"
SECTION = f"{BEGIN}\n## A\n\nnew\n{END}\n"


def test_a_section_replaces_its_old_self_between_the_markers_and_nothing_else() -> None:
    report = f"# bench\n\nbefore\n\n{BEGIN}\n## A\n\nold\n{END}\n\nafter\n"
    assert (
        splice(report, SECTION, BEGIN, END) == f"# bench\n\nbefore\n\n{SECTION.rstrip()}\n\nafter\n"
    )


def test_a_report_without_the_section_gets_it_at_its_end() -> None:
    assert splice("# bench\n\nbody\n\n", SECTION, BEGIN, END) == f"# bench\n\nbody\n\n{SECTION}"
    assert splice(f"# bench\n{BEGIN}\n", SECTION, BEGIN, END).endswith(f"\n\n{SECTION}")


def test_only_a_whole_section_of_an_existing_report_is_kept(tmp_path: Path) -> None:
    report = tmp_path / "bench.md"
    assert kept_section(report, BEGIN, END) is None
    report.write_text(f"# bench\n\n{SECTION}\nafter\n", encoding="utf-8")
    assert kept_section(report, BEGIN, END) == SECTION
    report.write_text(f"# bench\n\n{BEGIN}\n## A, cut short\n", encoding="utf-8")
    assert kept_section(report, BEGIN, END) is None
