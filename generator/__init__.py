"""The build: validate, lint and bundle the spec, then generate the models and client packages.

Each stage is a module named by its verb. Stages report problems as :class:`Finding` values;
only the CLI (``python -m generator``) turns them into an exit code.
"""

from generator.findings import Finding, StageFailed

__all__ = ["Finding", "StageFailed"]
