import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { DataSource } from 'typeorm';
import { AppError } from '@windward/contracts';
import { FILE_STORE, checkPhoto, type AuthUser, type FileStore } from '@windward/service-kit';
import { CampaignRepository } from './campaign.repository.js';
import { CampaignsService } from './campaigns.service.js';
import { CampaignLive } from './campaign-live.js';
import type { RepairPhotoView } from './campaign.view.js';

/**
 * Before/after photos of repair records: checked like inspection photos (JPG/JPEG/PNG by name
 * and by content, ≤ 20 MB, fully decodable), stored in the shared file store under
 * `repair/records/<recordId>/<photoId>.<ext>`, read back through the campaign's rights.
 */
@Injectable()
export class RepairPhotosService {
  constructor(
    private readonly ds: DataSource,
    private readonly campaigns: CampaignRepository,
    private readonly campaignService: CampaignsService,
    private readonly live: CampaignLive,
    @Inject(FILE_STORE) private readonly files: FileStore,
  ) {}

  async upload(
    user: AuthUser,
    campaignId: string,
    defectId: string,
    recordId: string,
    kind: 'before' | 'after',
    file: { originalname?: string; size: number; buffer: Buffer } | undefined,
  ): Promise<RepairPhotoView> {
    // The record and the open campaign first: a refused upload never reaches the store.
    await this.ds.transaction(async (m) => {
      await this.campaignService.lockOpen(m, user, campaignId);
      if (!(await this.campaigns.record(m, campaignId, defectId, recordId))) throw new AppError('NOT_FOUND');
    });
    const photo = await checkPhoto(file);
    const id = randomUUID();
    const fileKey = `records/${recordId}/${id}.${photo.format === 'png' ? 'png' : 'jpg'}`;
    await this.files.put(fileKey, file!.buffer);
    await this.ds.transaction(async (m) => {
      // Re-checked under the lock: the campaign may have been completed while the file was written.
      await this.campaignService.lockOpen(m, user, campaignId);
      await this.campaigns.insertPhoto(m, { id, recordId, kind, fileKey, format: photo.format, width: photo.width, height: photo.height, sizeBytes: file!.size });
    });
    this.live.changed(campaignId);
    return { id, kind, format: photo.format, width: photo.width, height: photo.height };
  }

  async file(user: AuthUser, campaignId: string, photoId: string): Promise<{ stream: Readable; size: number; type: string }> {
    await this.campaignService.visible(this.ds.manager, user, campaignId);
    const row = await this.campaigns.photo(this.ds.manager, campaignId, photoId);
    const f = row ? await this.files.stream(row.file_key) : null;
    if (!row || !f) throw new AppError('NOT_FOUND');
    return { ...f, type: row.format === 'png' ? 'image/png' : 'image/jpeg' };
  }
}
