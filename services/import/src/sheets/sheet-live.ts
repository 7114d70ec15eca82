import { Injectable } from '@nestjs/common';
import { Rights, socketPath } from '@windward/contracts';
import { LiveGateway, LiveSockets, Rooms, recordRooms, scopeRooms, type AuthUser } from '@windward/service-kit';
import { SheetImportRepository, type SheetImportRow } from './sheet-import.repository.js';

/** The message live import screens receive (docs/import.md). */
export const SHEET_IMPORT_CHANGED = 'sheet-import.changed';

/** What a change says; the screen refetches the import for the rest (messages carry no locale). */
export interface SheetImportChange {
  sheetImportId: string;
  windfarmId: string;
  step: number;
  status: number;
  taskStatus: string;
  progressCode: number | null;
  queued: boolean;
}

/**
 * Progress of spreadsheet imports over socket.io at /gw/import/socket.io (SPEC §4 progress codes
 * 1..8): each change goes to the rooms of the import's customer and park and to its creator, so
 * only callers who could read the import over HTTP hear of it. Changes come from the kit's
 * ChangeFeed (pg_notify in the writing transaction), so a message never announces a state that
 * rolled back or is not yet visible, and every instance pushes to its own sockets.
 */
@Injectable()
export class SheetLive extends LiveGateway {
  protected readonly path = socketPath('import');
  protected readonly anyOfRights = [Rights.DATA_INTEGRATION_SHOW, Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
  protected override readonly feedChannel: string;
  private readonly listeners: ((rows: SheetImportRow[]) => void)[] = [];

  constructor(
    sockets: LiveSockets,
    private readonly repo: SheetImportRepository,
  ) {
    super(sockets);
    this.feedChannel = repo.changeChannel;
  }

  /** Called with the changed imports after each commit (the service frees queue slots with it). */
  onChange(listener: (rows: SheetImportRow[]) => void) {
    this.listeners.push(listener);
  }

  protected rooms(user: AuthUser) {
    return [...scopeRooms(user), Rooms.user(user.userId)];
  }

  protected override async onChanges(ids: string[]) {
    const rows = await this.repo.findMany(ids);
    rows.forEach((r) => this.push(r));
    this.listeners.forEach((l) => l(rows));
  }

  push(r: Pick<SheetImportRow, 'id' | 'wind_farm_id' | 'customer_id' | 'created_by' | 'step' | 'status' | 'task_status' | 'progress_code' | 'queued_at'>) {
    const change: SheetImportChange = {
      sheetImportId: r.id,
      windfarmId: r.wind_farm_id,
      step: r.step,
      status: r.status,
      taskStatus: r.task_status,
      progressCode: r.progress_code,
      queued: r.queued_at !== null,
    };
    this.emit([...recordRooms(r.customer_id, r.wind_farm_id), Rooms.user(r.created_by)], SHEET_IMPORT_CHANGED, change);
  }
}
