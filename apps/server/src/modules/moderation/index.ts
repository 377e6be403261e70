/** The moderation module's face: all that code outside it may import (modules/README.md). */
