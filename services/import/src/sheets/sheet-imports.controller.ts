import { Body, Controller, Get, HttpCode, Post, Query, Req, Res, StreamableFile, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Rights, type Locale } from '@windward/contracts';
import { attachment, CurrentUser, IdParam, RequireRights, type AuthUser, RequestLocale } from '@windward/service-kit';
import { API } from '../uploads/uploads.controller.js';
import { CreateSheetImportDto, ImagesUploadQuery, SheetImportListQuery, TemplateQuery, WorkbookUploadQuery } from './sheet-import.dto.js';
import { CurrentSheetImportView, SheetImportPage, SheetImportView } from './sheet-import.view.js';
import { SheetImportsService } from './sheet-imports.service.js';
import { SheetUploadsService } from './sheet-uploads.service.js';
import { SheetImportQueue } from './sheet-import-queue.service.js';
import { ImagesUploadInterceptor, type ImagesRequest } from './images-upload.interceptor.js';
import { WorkbookUploadInterceptor } from './workbook-upload.interceptor.js';
import { templateWorkbook } from './workbooks.js';

const WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA];
const READ = [Rights.DATA_INTEGRATION_SHOW, ...WRITE];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;

/** Marks the answer as a workbook download named `name`. */
export function xlsxDownload(res: FastifyReply, name: string) {
  void res.headers({ 'content-type': XLSX, 'content-disposition': attachment(name) });
}

@ApiTags('sheet imports')
@ApiBearerAuth()
@Controller(API)
export class SheetImportsController {
  constructor(
    private readonly imports: SheetImportsService,
    private readonly uploads: SheetUploadsService,
    private readonly queue: SheetImportQueue,
  ) {}

  /** The template workbook (the layout the check reads back), in `lang` or the request's locale. */
  @Get('sheet-imports/template')
  @RequireRights(...READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  async template(@Query() q: TemplateQuery, @RequestLocale() locale: Locale, @Res({ passthrough: true }) res: FastifyReply) {
    const l = q.lang ?? locale;
    xlsxDownload(res, l === 'zh_cn' ? '巡检导入模板.xlsx' : 'inspection-import-template.xlsx');
    return new StreamableFile(await templateWorkbook(l));
  }

  /** Step 1 (basic config): a new wizard run for a park; the caller's earlier unstarted runs are closed. */
  @Post('sheet-imports')
  @RequireRights(...WRITE)
  create(@CurrentUser() user: AuthUser, @Body() dto: CreateSheetImportDto, @RequestLocale() locale: Locale): Promise<SheetImportView> {
    return this.imports.create(user, dto, locale);
  }

  /** The import queue: imports in the caller's scope, paged and sorted on the server. */
  @Get('sheet-imports')
  @RequireRights(...READ)
  list(@CurrentUser() user: AuthUser, @Query() q: SheetImportListQuery, @RequestLocale() locale: Locale): Promise<SheetImportPage> {
    return this.imports.list(user, q, locale);
  }

  /** The caller's open wizard run (resume where it was), or `current: null`. */
  @Get('sheet-imports/current')
  @RequireRights(...READ)
  async current(@CurrentUser() user: AuthUser, @RequestLocale() locale: Locale): Promise<CurrentSheetImportView> {
    return { current: await this.imports.current(user, locale) };
  }

  @Get('sheet-imports/:id')
  @RequireRights(...READ)
  get(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<SheetImportView> {
    return this.imports.get(user, id, locale);
  }

  /**
   * Step 2: multipart `file` = the .xlsx workbook (≤ 10 MB); answers with every located finding.
   * `mappingId`: read another vendor's workbook through the customer's saved column mapping.
   */
  @Post('sheet-imports/:id/workbook')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @RequireRights(...WRITE)
  @UseInterceptors(WorkbookUploadInterceptor)
  workbook(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @UploadedFile() file: Express.Multer.File | undefined,
    @RequestLocale() locale: Locale,
    @Query() q: WorkbookUploadQuery,
  ): Promise<SheetImportView> {
    return this.uploads.receiveWorkbook(user, id, file, locale, q.mappingId || undefined);
  }

  /**
   * Step 3: the run's photos, multipart `file` = one .zip/.tar.gz/.tgz archive, or `files` = photos
   * (JPEG/PNG, ≤ 20 MB each), matched to the Defects sheet's image ids; answers the run with every
   * finding (nothing kept then) or with the photos matched. `append=true`: photos added to the
   * ones already matched, each kept or refused on its own (the console's per-file queue).
   */
  @Post('sheet-imports/:id/images')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      properties: { file: { type: 'string', format: 'binary' }, files: { type: 'array', items: { type: 'string', format: 'binary' } } },
    },
  })
  @RequireRights(...WRITE)
  @UseInterceptors(ImagesUploadInterceptor)
  images(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @Req() req: ImagesRequest,
    @RequestLocale() locale: Locale,
    @Query() q: ImagesUploadQuery,
  ): Promise<SheetImportView> {
    return q.append
      ? this.uploads.addImages(user, id, req.received ?? null, locale)
      : this.uploads.receiveImages(user, id, req.received ?? null, locale);
  }

  /** The findings of the last check as a workbook, messages in the request's locale. */
  @Get('sheet-imports/:id/error-report')
  @RequireRights(...READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  async errorReport(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @RequestLocale() locale: Locale,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    xlsxDownload(res, locale === 'zh_cn' ? '校验错误报告.xlsx' : 'verification-errors.xlsx');
    return new StreamableFile(await this.imports.errorReport(user, id, locale));
  }

  /** Step 4: queue a verified import for data processing (-2003 one per park, -2004 ten waiting). */
  @Post('sheet-imports/:id/process')
  @HttpCode(200)
  @RequireRights(...WRITE)
  process(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<SheetImportView> {
    return this.queue.process(user, id, locale);
  }

  /** Cancels an import that is not in processing. */
  @Post('sheet-imports/:id/cancel')
  @HttpCode(200)
  @RequireRights(...WRITE)
  cancel(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<SheetImportView> {
    return this.imports.cancel(user, id, locale);
  }

  /** Step 5 "done": closes the run, so the wizard starts afresh. */
  @Post('sheet-imports/:id/dismiss')
  @HttpCode(200)
  @RequireRights(...WRITE)
  dismiss(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<SheetImportView> {
    return this.imports.dismiss(user, id, locale);
  }
}
