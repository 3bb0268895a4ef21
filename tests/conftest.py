"""Hypothesis profiles: ``ci`` (the default, a few hundred examples per property)
and ``deep`` (tens of thousands), chosen with ``--hypothesis-profile=deep``."""

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.register_profile(
    "deep", max_examples=20_000, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("ci")
