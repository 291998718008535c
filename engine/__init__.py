"""Pure rules of the games the bot hosts: no Discord, no asyncio, no I/O."""
