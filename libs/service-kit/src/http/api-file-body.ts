import { applyDecorators, type Type } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';

export interface ApiFileBodyOptions {
  /** What the file is (size and type limits); shown on the file's field. */
  description?: string;
}

/**
 * Documents a multipart/form-data upload: the file in `field` (required, binary) and, when given,
 * the other form fields as the `extra` DTO (the one the route reads with `@Body()`). The request
 * body's schema is the DTO's and the file's together, so the OpenAPI document and the console's
 * generated types name every part of the form.
 */
export function ApiFileBody(field: string, extra?: Type<unknown>, options: ApiFileBodyOptions = {}): MethodDecorator {
  const file = {
    type: 'object' as const,
    required: [field],
    properties: { [field]: { type: 'string' as const, format: 'binary', ...(options.description ? { description: options.description } : {}) } },
  };
  return applyDecorators(
    ApiConsumes('multipart/form-data'),
    ...(extra ? [ApiExtraModels(extra)] : []),
    ApiBody({ required: true, schema: extra ? { allOf: [{ $ref: getSchemaPath(extra) }, file] } : file }),
  );
}
