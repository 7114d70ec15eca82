import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { requestLocale } from '@windward/service-kit';

/**
 * `@RequestLocale() locale: Locale`: the request's locale (`locale` header, else Accept-Language,
 * else en_us), so controllers need not take every header as a record.
 * (Local to this service; a candidate for the kit next to `requestLocale`.)
 */
export const RequestLocale = createParamDecorator((_data: unknown, ctx: ExecutionContext) =>
  requestLocale(ctx.switchToHttp().getRequest<Request>().headers),
);
