"""The class store's addresses on the server: the service kernels and pages call, and the teacher's pages."""

from __future__ import annotations

from tornado import web

from push_learn.classroom.service import PREFIX, AttemptHandler, JoinHandler, KernelHandler
from push_learn.classroom.teacher import SHEETS, ExportHandler, RecordHandler, TableHandler, TeacherHandler
from push_learn.classroom.teacher_pages import PAGE_PATH

__all__ = ["handlers"]


def handlers() -> list[tuple[str, type[web.RequestHandler]]]:
    """The class service's routes (added to Voila's by ``PushLearnVoila`` when a store is open)."""
    return [
        (f"{PREFIX}/join", JoinHandler),
        (f"{PREFIX}/attempt", AttemptHandler),
        (f"{PREFIX}/kernel/(student|deal|progress|result|session|attempt|record|table_[a-z]{{2,10}})", KernelHandler),
        (PAGE_PATH, TeacherHandler),
        (rf"{PAGE_PATH}/record/([0-9]{{1,18}})\.json", RecordHandler),
        (rf"{PAGE_PATH}/table/([0-9]{{1,18}})\.(json|html)", TableHandler),
        (rf"{PAGE_PATH}/export/([A-Za-z0-9]{{1,20}})/({'|'.join(SHEETS)})\.csv",
         ExportHandler),
    ]

