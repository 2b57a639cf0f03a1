"""Rendering: FaceLayouts -> ReportLab drawing; each distinct face becomes one PDF form."""
