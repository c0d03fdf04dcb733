package dev.wb.engine;

class InMemoryEventLogTest extends EventLogConformance {
    @Override
    protected EventLog newLog() {
        return new InMemoryEventLog();
    }
}
