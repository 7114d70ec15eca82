import {
  Body,
  Controller,
  Get,
  Injectable,
  Post,
  Query,
  Res,
  StreamableFile,
  UploadedFile,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, type ApiBodyOptions, ApiConsumes, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import multer from 'multer';
import { IMPORT_FILE_MAX_BYTES, Rights, type Locale, type TableImportKind } from '@windward/contracts';
import { CurrentUser, IdParam, readMultipart, RequireRights, RequestLocale, type AuthUser } from '@windward/service-kit';
import { API } from '../uploads/uploads.controller.js';
import { xlsxDownload } from '../sheets/sheet-imports.controller.js';
import { TemplateQuery } from '../sheets/sheet-import.dto.js';
import { errorReportWorkbook } from '../sheets/workbooks.js';
import { LpsImportFieldsDto, TemplateImportFieldsDto } from './table-import.dto.js';
import { LatestTableImportView, TableImportView } from './table-import.view.js';
import { TableImportsService } from './table-imports.service.js';
import { defectTemplateWorkbook, lpsTemplateWorkbook } from './table-workbooks.js';

const LPS_WRITE = [Rights.DATA_INTEGRATION_EDIT, Rights.INSPECTION_DATA, Rights.LPS_EDIT];
const LPS_READ = [Rights.DATA_INTEGRATION_SHOW, Rights.LPS_SHOW, ...LPS_WRITE];
const TPL_WRITE = [Rights.DEFECT_CONFIG_EDIT];
const TPL_READ = [Rights.DEFECT_CONFIG_SHOW, ...TPL_WRITE];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const BINARY = { schema: { type: 'string', format: 'binary' } } as const;
const UPLOAD = (field: string): ApiBodyOptions => ({
  schema: {
    type: 'object',
    required: ['file', field],
    properties: { file: { type: 'string', format: 'binary' }, [field]: { type: 'string', format: 'uuid' } },
  },
});

// 10 MB (SPEC §9) enforced while the body is read (multer stops at the limit + 1 byte), into a temp file.
const upload = multer({
  storage: multer.diskStorage({}),
  limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 },
}).single('file');

/** Reads the multipart body after the auth guard; multer's refusals are catalogue errors. */
@Injectable()
export class TableWorkbookInterceptor implements NestInterceptor {
  async intercept(ctx: ExecutionContext, next: CallHandler) {
    await readMultipart(upload, ctx, IMPORT_FILE_MAX_BYTES);
    return next.handle();
  }
}

@ApiTags('table imports')
@ApiBearerAuth()
@Controller(API)
export class TableImportsController {
  constructor(private readonly imports: TableImportsService) {}

  private async template(kind: TableImportKind, q: TemplateQuery, locale: Locale, res: FastifyReply) {
    const l = q.lang ?? locale;
    if (kind === 'lps') xlsxDownload(res, l === 'zh_cn' ? '防雷导入模板.xlsx' : 'lps-import-template.xlsx');
    else xlsxDownload(res, l === 'zh_cn' ? '缺陷模板导入模板.xlsx' : 'defect-template-import.xlsx');
    return new StreamableFile(await (kind === 'lps' ? lpsTemplateWorkbook(l) : defectTemplateWorkbook(l)));
  }

  private async report(user: AuthUser, kind: TableImportKind, id: string, locale: Locale, res: FastifyReply) {
    const row = await this.imports.load(user, kind, id);
    xlsxDownload(res, locale === 'zh_cn' ? '校验错误报告.xlsx' : 'verification-errors.xlsx');
    return new StreamableFile(await errorReportWorkbook(row.findings, locale));
  }

  /** The LPS template workbook (what the check reads back), in `lang` or the request's locale. */
  @Get('lps-imports/template')
  @RequireRights(...LPS_READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  lpsTemplate(@Query() q: TemplateQuery, @RequestLocale() locale: Locale, @Res({ passthrough: true }) res: FastifyReply) {
    return this.template('lps', q, locale, res);
  }

  /** Multipart `file` (.xlsx ≤ 10 MB) and `windfarmId`: every finding located, or the readings sent to inspection (PENDING). */
  @Post('lps-imports')
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD('windfarmId'))
  @RequireRights(...LPS_WRITE)
  @UseInterceptors(TableWorkbookInterceptor)
  lps(
    @CurrentUser() user: AuthUser,
    @Body() dto: LpsImportFieldsDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @RequestLocale() locale: Locale,
  ): Promise<TableImportView> {
    return this.imports.importLps(user, dto.windfarmId, file, locale);
  }

  /** The caller's latest LPS import, or `current: null`. */
  @Get('lps-imports/latest')
  @RequireRights(...LPS_READ)
  async lpsLatest(@CurrentUser() user: AuthUser, @RequestLocale() locale: Locale): Promise<LatestTableImportView> {
    return { current: await this.imports.latest(user, 'lps', locale) };
  }

  @Get('lps-imports/:id')
  @RequireRights(...LPS_READ)
  lpsGet(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<TableImportView> {
    return this.imports.get(user, 'lps', id, locale);
  }

  /** The findings as a workbook (headers and messages in the request's locale). */
  @Get('lps-imports/:id/error-report')
  @RequireRights(...LPS_READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  lpsReport(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @RequestLocale() locale: Locale,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.report(user, 'lps', id, locale, res);
  }

  /** The Config Center's template workbook (defect template and LPS templates sheets). */
  @Get('template-imports/template')
  @RequireRights(...TPL_READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  tplTemplate(@Query() q: TemplateQuery, @RequestLocale() locale: Locale, @Res({ passthrough: true }) res: FastifyReply) {
    return this.template('templates', q, locale, res);
  }

  /** Multipart `file` (.xlsx ≤ 10 MB) and `customerId`: every finding located, or the rows sent to inspection (PENDING). */
  @Post('template-imports')
  @ApiConsumes('multipart/form-data')
  @ApiBody(UPLOAD('customerId'))
  @RequireRights(...TPL_WRITE)
  @UseInterceptors(TableWorkbookInterceptor)
  templates(
    @CurrentUser() user: AuthUser,
    @Body() dto: TemplateImportFieldsDto,
    @UploadedFile() file: Express.Multer.File | undefined,
    @RequestLocale() locale: Locale,
  ): Promise<TableImportView> {
    return this.imports.importTemplates(user, dto.customerId, file, locale);
  }

  @Get('template-imports/latest')
  @RequireRights(...TPL_READ)
  async tplLatest(@CurrentUser() user: AuthUser, @RequestLocale() locale: Locale): Promise<LatestTableImportView> {
    return { current: await this.imports.latest(user, 'templates', locale) };
  }

  @Get('template-imports/:id')
  @RequireRights(...TPL_READ)
  tplGet(@CurrentUser() user: AuthUser, @IdParam() id: string, @RequestLocale() locale: Locale): Promise<TableImportView> {
    return this.imports.get(user, 'templates', id, locale);
  }

  @Get('template-imports/:id/error-report')
  @RequireRights(...TPL_READ)
  @ApiProduces(XLSX)
  @ApiOkResponse(BINARY)
  tplReport(
    @CurrentUser() user: AuthUser,
    @IdParam() id: string,
    @RequestLocale() locale: Locale,
    @Res({ passthrough: true }) res: FastifyReply,
  ) {
    return this.report(user, 'templates', id, locale, res);
  }
}
