import { ValidationPipe, type Type } from '@nestjs/common';
import { AppError } from '@windward/contracts';

/**
 * The kit's one input pipe (the global `APP_PIPE`): DTOs are validated and converted, and unknown
 * fields are refused, not silently dropped — a typo in a field name is an error.
 */
export function inputValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new AppError('VALIDATION_FAILED', {
        details: errors.map((e) => ({ field: e.property, constraints: e.constraints })),
      }),
  });
}

const pipe = inputValidationPipe();

/**
 * A request's query string read through its DTO exactly as the global pipe reads `@Query()`, for
 * code that runs before the pipes (an interceptor that acts before the body is read). The route
 * still declares `@Query() q: TheQuery`, which documents it in the OpenAPI.
 */
export async function validatedQuery<T extends object>(type: Type<T>, query: unknown): Promise<T> {
  return (await pipe.transform(query ?? {}, { type: 'query', metatype: type })) as T;
}
