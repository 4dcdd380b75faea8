import { Module } from '@nestjs/common';
import { HomeController } from './home.controller';

/** The front door page at `/`. */
@Module({ controllers: [HomeController] })
export class HomeModule {}
